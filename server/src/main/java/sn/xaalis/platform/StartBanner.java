package sn.xaalis.platform;

import java.util.List;

/**
 * Lines a module adds to the start banner the embedded demo prints (the console's address, where
 * e-mails go): printed to the person who started the server, never logged. Ordered by {@code @Order}.
 */
public interface StartBanner {

    /** Label and value pairs, e.g. {@code ["E-mail", "not configured: ..."]}; called once per start. */
    List<Line> bannerLines();

    record Line(String label, String value) {}
}
