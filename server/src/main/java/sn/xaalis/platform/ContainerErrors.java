package sn.xaalis.platform;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Clock;
import java.util.Map;
import org.apache.catalina.Container;
import org.apache.catalina.Valve;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.boot.tomcat.ConfigurableTomcatWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;
import org.springframework.http.HttpStatusCode;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Requests Tomcat refuses before any servlet sees them (headers over the size limit, an encoded slash in
 * the path, a malformed request line) get the SPEC §7 body too, instead of Tomcat's HTML page (D8).
 * Everything that reaches the application is still answered by {@link ErrorResponses}.
 */
@Component
record ContainerErrors(Clock clock, JsonMapper json)
        implements WebServerFactoryCustomizer<ConfigurableTomcatWebServerFactory>, Ordered {

    @Override
    public void customize(ConfigurableTomcatWebServerFactory factory) {
        factory.addContextCustomizers(context -> {
            Container host = context.getParent();
            for (Valve valve : host.getPipeline().getValves()) {
                if (valve instanceof ErrorReportValve) {
                    host.getPipeline().removeValve(valve);
                }
            }
            // The host adds its default HTML valve at start unless one of this class is already there.
            if (host instanceof StandardHost standard) {
                standard.setErrorReportValveClass(JsonErrorReportValve.class.getName());
            }
            host.getPipeline().addValve(new JsonErrorReportValve(this));
        });
    }

    /** After Spring Boot's own customizer, which installs the HTML valve this one replaces. */
    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }

    byte[] body(int status) {
        HttpStatusCode code = HttpStatusCode.valueOf(status);
        String message = status == 400 ? "Bad request" : null;
        return json.writeValueAsBytes(ErrorBody.of(code, message, Map.of(), clock.instant()));
    }

    static final class JsonErrorReportValve extends ErrorReportValve {

        private final ContainerErrors errors;

        JsonErrorReportValve(ContainerErrors errors) {
            this.errors = errors;
        }

        @Override
        protected void report(Request request, Response response, Throwable throwable) {
            int status = response.getStatus();
            // As Tomcat's own valve: only errors nobody answered yet, reported once.
            if (status < 400 || status > 599 || response.getContentWritten() > 0 || !response.setErrorReported()) {
                return;
            }
            try {
                byte[] body = errors.body(status);
                response.setContentType("application/json");
                response.setContentLength(body.length);
                OutputStream out = response.getOutputStream();
                out.write(body);
                response.finishResponse();
            } catch (IOException | IllegalStateException e) {
                // The connection is gone or the response already committed: nothing more to say.
            }
        }
    }
}
