package sn.xaalis.support;

import org.junit.jupiter.api.BeforeEach;
import org.springframework.boot.test.web.server.LocalServerPort;

/** An integration test speaking HTTP to the running server through {@link #api}. */
public abstract class ApiIntegrationTest {

    @LocalServerPort
    protected int port;

    protected Api api;

    @BeforeEach
    void connect() {
        api = new Api(port);
    }
}
