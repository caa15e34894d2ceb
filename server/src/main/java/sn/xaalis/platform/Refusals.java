package sn.xaalis.platform;

import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;

/** The web edge's one reading of any module's {@link Refusal}: the status its module gives it. */
@Component
public class Refusals {

    private final List<Refusal.Statuses> modules;

    Refusals(List<Refusal.Statuses> modules) {
        this.modules = modules;
    }

    public HttpStatus status(Refusal refusal) {
        for (Refusal.Statuses module : modules) {
            HttpStatus status = module.status(refusal);
            if (status != null) {
                return status;
            }
        }
        // Every module maps its own refusals: one it forgot is a bug, answered as one.
        return HttpStatus.INTERNAL_SERVER_ERROR;
    }
}
