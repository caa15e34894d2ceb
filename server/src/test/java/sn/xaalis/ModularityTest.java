package sn.xaalis;

import org.junit.jupiter.api.Test;
import org.springframework.modulith.core.ApplicationModules;

/** Fails when a module reaches into another module's internals or modules depend on each other in a cycle. */
class ModularityTest {

    @Test
    void modulesRespectTheirBoundaries() {
        ApplicationModules.of(XaalisApplication.class).verify();
    }
}
