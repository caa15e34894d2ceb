package sn.xaalis.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.modulith.core.ApplicationModule;
import org.springframework.modulith.core.ApplicationModules;
import org.springframework.modulith.docs.Documenter;
import sn.xaalis.XaalisApplication;

/**
 * {@code docs/architecture.md} is drawn from the code by Spring Modulith's documenter (the modules, their
 * arrows, each module's canvas) and must match what the code says today. After a change of modules,
 * run this test with {@code -Dxaalis.docs.update=true} and commit the file it writes.
 */
class ArchitectureDocumentTest {

    private static final Path DOCUMENT = Path.of("..", "docs", "architecture.md");
    private static final Path DRAWINGS = Path.of("target", "modulith-docs");

    @Test
    void theArchitectureDocumentIsCurrent() throws IOException {
        ApplicationModules modules = ApplicationModules.of(XaalisApplication.class);
        new Documenter(modules, Documenter.Options.defaults().withOutputFolder(DRAWINGS.toString()))
                .writeModulesAsPlantUml()
                .writeModuleCanvases();
        String drawn = document(modules);
        Files.writeString(DRAWINGS.resolve("architecture.md"), drawn, StandardCharsets.UTF_8);
        if (Boolean.getBoolean("xaalis.docs.update")) {
            Files.writeString(DOCUMENT, drawn, StandardCharsets.UTF_8);
        }
        assertThat(Files.readString(DOCUMENT, StandardCharsets.UTF_8))
                .as("docs/architecture.md is out of date: run ArchitectureDocumentTest with -Dxaalis.docs.update=true")
                .isEqualTo(drawn);
    }

    private static String document(ApplicationModules modules) throws IOException {
        StringBuilder out = new StringBuilder();
        out.append("# Architecture\n\n")
                .append("Xaalis is one Spring Boot application cut into modules, one per package under `sn.xaalis`.")
                .append(" A module's\nother classes and sub-packages are its own; other modules use only the public")
                .append(" types of its\nbase package, and the arrows never make a cycle (`ModularityTest`).\n\n")
                .append("This file is drawn from the code by Spring Modulith's documenter")
                .append(" (`ArchitectureDocumentTest`,\nwhich fails when it is not current); do not edit it by")
                .append(" hand.\n\n## Modules\n\n| module | package | uses |\n|---|---|---|\n");
        List<ApplicationModule> sorted = modules.stream()
                .sorted(Comparator.comparing(ApplicationModule::getIdentifier, Comparator.comparing(Object::toString)))
                .toList();
        for (ApplicationModule module : sorted) {
            String uses = module.getDirectDependencies(modules)
                    .uniqueModules()
                    .map(dependency -> "`" + dependency.getIdentifier() + "`")
                    .sorted()
                    .reduce((a, b) -> a + ", " + b)
                    .orElse("");
            out.append("| ")
                    .append(module.getDisplayName())
                    .append(" | `")
                    .append(module.getBasePackage().getName())
                    .append("` | ")
                    .append(uses)
                    .append(" |\n");
        }
        out.append("\n## The modules and their arrows\n\n```plantuml\n")
                .append(declarationsSorted(read(DRAWINGS.resolve("components.puml"))))
                .append("```\n\n## Each module's canvas\n");
        for (ApplicationModule module : sorted) {
            Path canvas = DRAWINGS.resolve("module-" + module.getIdentifier() + ".adoc");
            out.append("\n### ")
                    .append(module.getDisplayName())
                    .append("\n\n```asciidoc\n")
                    .append(read(canvas))
                    .append("```\n");
        }
        return out.toString();
    }

    /** The documenter writes components and arrows in no fixed order: sorted, the drawing is the same. */
    private static String declarationsSorted(String plantUml) {
        List<String> lines = new ArrayList<>(List.of(plantUml.split("\n", -1)));
        int start = 0;
        while (start < lines.size()) {
            int end = start;
            while (end < lines.size() && isDeclaration(lines.get(end))) {
                end++;
            }
            if (end > start) {
                lines.subList(start, end).sort(Comparator.naturalOrder());
                start = end;
            } else {
                start++;
            }
        }
        return String.join("\n", lines);
    }

    private static boolean isDeclaration(String line) {
        String code = line.strip();
        return code.startsWith("Component(") || code.startsWith("Rel(");
    }

    private static String read(Path path) throws IOException {
        String text = Files.readString(path, StandardCharsets.UTF_8).replace("\r\n", "\n");
        return text.endsWith("\n") ? text : text + "\n";
    }
}
