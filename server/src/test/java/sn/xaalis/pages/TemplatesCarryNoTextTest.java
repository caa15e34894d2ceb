package sn.xaalis.pages;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Every text a template shows comes from a message bundle (see {@link TemplateTextCheck} for the rules). */
class TemplatesCarryNoTextTest {

    private static final Path FIXTURES = Path.of("src/test/resources/pages-fixtures");

    /**
     * templates/docs/ is the API reference, rendered from the OpenAPI description for developers: like the
     * API itself (its error messages, its webhooks) it is in English only, by design.
     */
    private static final Set<String> ENGLISH_BY_DESIGN = Set.of("docs");

    @Test
    void theTemplatesTakeEveryTextFromTheBundles() {
        PageSources.assertNone(
                "templates carrying text of their own",
                TemplateTextCheck.offences(Path.of("src/main/resources/templates"), ENGLISH_BY_DESIGN));
    }

    @Test
    void goodTemplatesPass() {
        PageSources.assertNone(
                "offences in the good fixture",
                TemplateTextCheck.offences(FIXTURES.resolve("good/templates"), Set.of()));
    }

    @Test
    void badTemplatesFailWithEveryOffenceNamed() {
        assertThat(TemplateTextCheck.offences(FIXTURES.resolve("bad/templates"), Set.of()))
                .containsExactlyInAnyOrder(
                        "child.html:2: <html> th:replace prints the literal \"Dashboard\"",
                        "child.html:5: text \"Shown in the layout\"",
                        "page.html:2: <html> without th:lang",
                        "page.html:4: <title> without th:text",
                        "page.html:4: text \"Boutique\"",
                        "page.html:8: text \"Payer\"",
                        "page.html:11: <p> th:text prints the literal \"Total\"",
                        "page.html:12: <p> th:text prints the literal \"… XOF\"",
                        "page.html:13: <img> alt=\"Logo de la boutique\" without th:alt",
                        "page.html:14: <input> placeholder=\"Votre numéro\" without th:placeholder",
                        "page.html:14: <input> aria-label=\"Numéro\" without th:aria-label",
                        "page.html:15: <input> value=\"Payer\" without th:value",
                        "page.html:16: <button> title=\"Fermer\" without th:title",
                        "page.html:17: text \"Xaalis &amp; caf&eacute;\"");
    }
}
