package sn.xaalis.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;

/**
 * The API reference's prose cut into words, for its template: a word holding a hyphen, a sign or a bracket
 * ({@code X-Api-Key}, {@code (per-field}, {@code v1=<hex>}) is an identifier that a browser would cut at that
 * sign, so it is kept whole and moves to the next line instead. Spaces and line breaks are kept as written.
 */
@Component("docsWords")
public class DocsWords {

    // Past this a word is wider than a phone's column: it may break, as addresses do.
    private static final int LONGEST_WHOLE = 30;
    private static final Pattern WORD = Pattern.compile("\\S+");
    private static final Pattern PLAIN = Pattern.compile("[\\p{L}\\p{N}'’.,;:!?]*");

    /** A run of text, and whether it is one word to keep on one line. */
    public record Piece(String text, boolean whole) {}

    public List<Piece> pieces(String text) {
        List<Piece> pieces = new ArrayList<>();
        if (text == null) {
            return pieces;
        }
        Matcher word = WORD.matcher(text);
        int at = 0;
        StringBuilder plain = new StringBuilder();
        while (word.find()) {
            plain.append(text, at, word.start());
            String w = word.group();
            if (w.length() <= LONGEST_WHOLE && !PLAIN.matcher(w).matches()) {
                flush(plain, pieces);
                pieces.add(new Piece(w, true));
            } else {
                plain.append(w);
            }
            at = word.end();
        }
        plain.append(text, at, text.length());
        flush(plain, pieces);
        return pieces;
    }

    private static void flush(StringBuilder plain, List<Piece> pieces) {
        if (!plain.isEmpty()) {
            pieces.add(new Piece(plain.toString(), false));
            plain.setLength(0);
        }
    }
}
