package sn.xaalis.platform;

import org.jspecify.annotations.Nullable;

/** Cells of the CSV files people download and open in a spreadsheet. */
public final class CsvCells {

    private CsvCells() {}

    /** RFC 4180 quoting, and a leading quote on values a spreadsheet would run as a formula. */
    public static String quoted(@Nullable String value) {
        if (value == null) {
            return "";
        }
        String safe = !value.isEmpty() && "=+-@\t\r".indexOf(value.charAt(0)) >= 0 ? "'" + value : value;
        return "\"" + safe.replace("\"", "\"\"") + "\"";
    }
}
