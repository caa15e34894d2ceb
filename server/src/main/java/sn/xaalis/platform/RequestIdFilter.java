package sn.xaalis.platform;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.MDC;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Gives every request an id: the caller's {@code X-Request-Id} when it is short and plain (so a
 * proxy's or client's id can be followed through our logs), otherwise a fresh random one. It is put
 * in the logging context ({@code request_id}) and echoed in the response. A header that fails the
 * check is never logged nor echoed: it could forge log lines or carry anything at all.
 */
class RequestIdFilter extends OncePerRequestFilter {

    static final String HEADER = "X-Request-Id";
    static final String MDC_KEY = "request_id";
    private static final int MAX_LENGTH = 128;
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String id = request.getHeader(HEADER);
        if (!safe(id)) {
            id = generate();
        }
        response.setHeader(HEADER, id);
        MDC.put(MDC_KEY, id);
        try {
            chain.doFilter(request, response);
        } finally {
            MDC.remove(MDC_KEY);
        }
    }

    /** Letters, digits and {@code - _ . :} only, 1 to 128 of them: no spaces, quotes or line breaks. */
    static boolean safe(String id) {
        if (id == null || id.isEmpty() || id.length() > MAX_LENGTH) {
            return false;
        }
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (c >= '0' && c <= '9')
                    || c == '-'
                    || c == '_'
                    || c == '.'
                    || c == ':';
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** 128 random bits in hex; a correlation id, not a secret, so the cheap generator is enough. */
    static String generate() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        char[] out = new char[32];
        long high = random.nextLong();
        long low = random.nextLong();
        for (int i = 0; i < 16; i++) {
            out[15 - i] = HEX[(int) (high >>> (i * 4)) & 0xf];
            out[31 - i] = HEX[(int) (low >>> (i * 4)) & 0xf];
        }
        return new String(out);
    }
}
