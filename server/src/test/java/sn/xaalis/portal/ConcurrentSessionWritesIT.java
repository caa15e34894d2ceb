package sn.xaalis.portal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.session.Session;
import org.springframework.session.SessionRepository;
import org.springframework.session.jdbc.JdbcIndexedSessionRepository;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;

/**
 * Two requests of one session at once, each adding the same new attribute (a page and the browser's icon
 * right after a sign-in, both making the CSRF token): both are saved, the later one's value kept, instead
 * of the second failing on a duplicate key and its page never finishing.
 */
@IntegrationTest
class ConcurrentSessionWritesIT extends ApiIntegrationTest {

    @Autowired
    JdbcIndexedSessionRepository repository;

    @Test
    @SuppressWarnings("unchecked") // the repository's session type is its own, package-private
    void twoCopiesOfASessionAddingTheSameAttributeAreBothSaved() {
        SessionRepository<Session> sessions = (SessionRepository<Session>) (SessionRepository<?>) repository;
        var created = sessions.createSession();
        created.setAttribute("first", "a value");
        sessions.save(created);

        // Both requests read the session before either saved: each sees the attribute as new.
        var page = sessions.findById(created.getId());
        var icon = sessions.findById(created.getId());
        page.setAttribute("token", "from the page");
        icon.setAttribute("token", "from the icon");
        sessions.save(page);
        sessions.save(icon);

        var stored = sessions.findById(created.getId());
        assertThat(stored.<String>getAttribute("token")).isEqualTo("from the icon");
        assertThat(stored.<String>getAttribute("first")).isEqualTo("a value");
        sessions.deleteById(created.getId());
    }
}
