package sn.xaalis.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static sn.xaalis.support.ApiAssertions.assertErrorBody;

import java.util.Map;
import org.junit.jupiter.api.Test;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;

@IntegrationTest
class ErrorResponsesIT extends ApiIntegrationTest {

    @Test
    void unknownPathsAre404WithTheErrorBody() {
        Api.Response response = api.send("GET", "/nothing/here", Map.of(), null);
        assertThat(response.status()).isEqualTo(404);
        assertErrorBody(response.json(), 404, "Not Found");
    }

    @Test
    void wrongMethodIs405WithTheErrorBody() {
        Api.Merchant merchant = api.onboardBoth();
        Api.Response response = api.send(
                "DELETE", "/api/v1/" + merchant.endpointKey() + "/payments/initiate/", merchant.headers(), null);
        assertThat(response.status()).isEqualTo(405);
        assertErrorBody(response.json(), 405, "Method Not Allowed");
    }

    @Test
    void adminApiDisabledWithoutTokenIsCoveredByConfiguration() {
        // With a token configured (tests), admin answers 401 to strangers rather than 404.
        Api.Response response = api.send("GET", "/admin/v1/applications/x", Map.of(), null);
        assertThat(response.status()).isEqualTo(401);
    }
}
