package sn.xaalis.payout;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import sn.xaalis.codepayment.CustomerPhone;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.MappingIterator;
import tools.jackson.dataformat.csv.CsvMapper;
import tools.jackson.dataformat.csv.CsvReadFeature;
import tools.jackson.dataformat.csv.CsvSchema;

/**
 * A bulk payout file as a spreadsheet exports it (CSV with {@code ;}, {@code ,} or tabs, UTF-8 or
 * Windows-1252, a header row or none): each line's number, amount, name and reason, and for a bad line
 * what keeps it out. Columns are found by their header (French or English), else taken in the order
 * number, amount, name, reason.
 */
public record PayoutFile(List<Line> lines) {

    /** What keeps a line out of the payouts. */
    public enum Problem {
        PHONE,
        AMOUNT,
        DUPLICATE,
        NAME,
        REASON
    }

    /**
     * @param number the line's row in the spreadsheet (the header, when there is one, is row 1)
     * @param phone {@code +221…} when valid, else what was typed (cut to 40 characters)
     * @param amountText the amount as typed (cut to 40 characters)
     */
    public record Line(
            int number,
            String phone,
            String amountText,
            @Nullable BigDecimal amount,
            @Nullable String name,
            @Nullable String reason,
            @Nullable Problem problem) {

        public boolean good() {
            return problem == null;
        }
    }

    /** A file that cannot be read as payouts at all; {@code key} names why for the page. */
    public static final class Unreadable extends RuntimeException {

        private final String key;

        Unreadable(String key) {
            super("Unreadable payout file: " + key, null, false, false);
            this.key = key;
        }

        public String key() {
            return key;
        }
    }

    public PayoutFile {
        lines = List.copyOf(lines);
    }

    private static final Pattern AMOUNT_NOISE = Pattern.compile("[\\s\\u00a0\\u202f]|(?i)(fcfa|cfa|xof|f)$");
    private static final Pattern AMOUNT = Pattern.compile("[0-9]{1,12}([.,]0{1,2})?");
    private static final Map<String, Integer> HEADERS = headers();
    private static final CsvMapper CSV =
            CsvMapper.builder().enable(CsvReadFeature.WRAP_AS_ARRAY).build();

    /**
     * @param maxAmount the largest payout allowed
     * @param maxLines the most lines a file may hold
     * @throws Unreadable for an empty file, one with too many lines, or one that is not text
     */
    public static PayoutFile read(byte[] content, BigDecimal maxAmount, int maxLines) {
        String text = decode(content);
        List<String[]> records = records(text);
        if (records.isEmpty()) {
            throw new Unreadable("empty");
        }
        int[] columns = {0, 1, 2, 3};
        int first = 0;
        Optional<int[]> named = named(records.get(0));
        if (named.isPresent()) {
            columns = named.get();
            first = 1;
        } else if (CustomerPhone.parse(cell(records.get(0), 0)).isEmpty()
                && amount(cell(records.get(0), 1), maxAmount) == null) {
            first = 1; // a header in words we do not know: the columns keep their order
        }
        List<Line> lines = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = first; i < records.size(); i++) {
            String[] record = records.get(i);
            if (blank(record)) {
                continue;
            }
            if (lines.size() == maxLines) {
                throw new Unreadable("tooMany");
            }
            lines.add(line(i + 1, record, columns, maxAmount, seen));
        }
        if (lines.isEmpty()) {
            throw new Unreadable("empty");
        }
        return new PayoutFile(lines);
    }

    /** One payout typed in the portal, checked by the rules of a file's line. */
    public static Line single(String phone, String amount, String name, String reason, BigDecimal maxAmount) {
        return line(1, new String[] {phone, amount, name, reason}, new int[] {0, 1, 2, 3}, maxAmount, new HashSet<>());
    }

    public int goodLines() {
        return (int) lines.stream().filter(Line::good).count();
    }

    /** The good lines' total. */
    public BigDecimal total() {
        return lines.stream()
                .filter(Line::good)
                .map(Line::amount)
                .filter(a -> a != null)
                .reduce(BigDecimal.ZERO, BigDecimal::add);
    }

    private static Line line(int number, String[] record, int[] columns, BigDecimal maxAmount, Set<String> seen) {
        String phoneText = cell(record, columns[0]);
        String amountText = cell(record, columns[1]);
        String name = columns[2] < 0 ? "" : cell(record, columns[2]);
        String reason = columns[3] < 0 ? "" : cell(record, columns[3]);
        Optional<String> phone =
                CustomerPhone.parse(phoneText).map(CustomerPhone::international).filter(PayoutOrder::payable);
        BigDecimal amount = amount(amountText, maxAmount);
        Problem problem = null;
        if (phone.isEmpty()) {
            problem = Problem.PHONE;
        } else if (amount == null) {
            problem = Problem.AMOUNT;
        } else if (name.length() > PayoutOrder.MAX_NAME || hasControl(name)) {
            problem = Problem.NAME;
        } else if (reason.length() > PayoutOrder.MAX_REASON || hasControl(reason)) {
            problem = Problem.REASON;
        } else if (!seen.add(phone.get())) {
            // The same number twice is most often a line pasted twice: the merchant decides, not us.
            problem = Problem.DUPLICATE;
        }
        return new Line(
                number,
                phone.orElse(cut(phoneText)),
                cut(amountText),
                amount,
                name.isEmpty() ? null : cut(name, PayoutOrder.MAX_NAME),
                reason.isEmpty() ? null : cut(reason, PayoutOrder.MAX_REASON),
                problem);
    }

    /** A whole, positive amount of francs within the maximum ({@code 4 500}, {@code 4500,00 FCFA}), else null. */
    static @Nullable BigDecimal amount(String typed, BigDecimal maxAmount) {
        String cleaned = AMOUNT_NOISE.matcher(typed.strip()).replaceAll("");
        if (!AMOUNT.matcher(cleaned).matches()) {
            return null;
        }
        BigDecimal value = new BigDecimal(cleaned.replace(',', '.')).setScale(0);
        return value.signum() > 0 && value.compareTo(maxAmount) <= 0 ? value : null;
    }

    private static String decode(byte[] content) {
        if (content.length >= 3
                && (content[0] & 0xff) == 0xef
                && (content[1] & 0xff) == 0xbb
                && (content[2] & 0xff) == 0xbf) {
            return decode(content, 3);
        }
        return decode(content, 0);
    }

    private static String decode(byte[] content, int offset) {
        ByteBuffer bytes = ByteBuffer.wrap(content, offset, content.length - offset);
        String text;
        try {
            text = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(bytes)
                    .toString();
        } catch (CharacterCodingException e) {
            // Excel in French saves "CSV" in Windows-1252.
            text = new String(content, offset, content.length - offset, Charset.forName("windows-1252"));
        }
        if (text.indexOf('\0') >= 0) {
            throw new Unreadable("notText");
        }
        return text;
    }

    private static List<String[]> records(String text) {
        CsvSchema schema = CsvSchema.emptySchema().withColumnSeparator(separator(text));
        try (MappingIterator<String[]> rows =
                CSV.readerFor(String[].class).with(schema).readValues(text)) {
            return rows.readAll();
        } catch (JacksonException e) {
            throw new Unreadable("notText");
        }
    }

    /** The separator of the first line: the one of {@code ;}, tab and {@code ,} it holds most of. */
    private static char separator(String text) {
        int end = text.indexOf('\n');
        String first = end < 0 ? text : text.substring(0, end);
        char best = ',';
        long most = 0;
        for (char candidate : new char[] {';', '\t', ','}) {
            long count = first.chars().filter(c -> c == candidate).count();
            if (count > most) {
                best = candidate;
                most = count;
            }
        }
        return best;
    }

    /** The columns (number, amount, name, reason; -1 when absent) named by a header row, if it is one. */
    private static Optional<int[]> named(String[] record) {
        int[] columns = {-1, -1, -1, -1};
        for (int i = 0; i < record.length; i++) {
            Integer which = HEADERS.get(word(record[i]));
            if (which != null && columns[which] < 0) {
                columns[which] = i;
            }
        }
        return columns[0] >= 0 && columns[1] >= 0 ? Optional.of(columns) : Optional.empty();
    }

    private static Map<String, Integer> headers() {
        Map<String, Integer> words = new HashMap<>();
        for (String w :
                List.of("numero", "number", "phone", "telephone", "tel", "mobile", "msisdn", "recipient_phone")) {
            words.put(w, 0);
        }
        for (String w : List.of("montant", "amount", "somme")) {
            words.put(w, 1);
        }
        for (String w : List.of("nom", "name", "beneficiaire", "recipient_name", "prenom et nom", "nom complet")) {
            words.put(w, 2);
        }
        for (String w : List.of("motif", "reason", "libelle", "objet", "description")) {
            words.put(w, 3);
        }
        return Map.copyOf(words);
    }

    /** A header cell as a bare word: no accents, lower case, no "(FCFA)" or "n°". */
    private static String word(String cell) {
        String plain = Normalizer.normalize(cell.strip(), Normalizer.Form.NFD)
                .replaceAll("\\p{M}", "")
                .toLowerCase(Locale.ROOT)
                .replaceAll("\\(.*\\)", "")
                .replace("n°", "")
                .replace("no ", "")
                .strip();
        return plain.replaceAll("\\s+", " ");
    }

    private static String cell(String[] record, int column) {
        return column < record.length && record[column] != null ? record[column].strip() : "";
    }

    private static boolean blank(String[] record) {
        for (String cell : record) {
            if (cell != null && !cell.isBlank()) {
                return false;
            }
        }
        return true;
    }

    private static boolean hasControl(String text) {
        return text.chars().anyMatch(Character::isISOControl);
    }

    private static String cut(String text) {
        return cut(text, 40);
    }

    private static String cut(String text, int length) {
        return text.length() <= length ? text : text.substring(0, length);
    }
}
