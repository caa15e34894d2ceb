package sn.xaalis.support;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * The languages and screens a browser flow is shown on: French and English on a phone (390×844) and a
 * laptop (1280×800) in the embedded database's run; in the PostgreSQL run the pages are the same templates
 * and only the data differ, so the flow runs once there, in French on a phone (see {@link PageSweep}).
 */
public record Views(String language, int width, int height) {

    private static final List<Views> ALL = List.of(
            new Views("fr", 390, 844),
            new Views("en", 390, 844),
            new Views("fr", 1280, 800),
            new Views("en", 1280, 800));

    public static List<Views> forThisRun() {
        return TestDatabase.postgres() ? ALL.subList(0, 1) : ALL;
    }

    /** For {@code @MethodSource("sn.xaalis.support.Views#arguments")}: (language, width). */
    public static Stream<Arguments> arguments() {
        return forThisRun().stream().map(v -> Arguments.of(v.language(), v.width()));
    }

    public boolean french() {
        return language.equals("fr");
    }

    /** The screenshot's name for this view: {@code name-fr-390}. */
    public String name(String name) {
        return name + "-" + language + "-" + width;
    }
}
