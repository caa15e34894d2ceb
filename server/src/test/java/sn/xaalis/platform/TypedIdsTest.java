package sn.xaalis.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.core.convert.ConversionFailedException;
import org.springframework.core.convert.support.DefaultConversionService;
import tools.jackson.databind.json.JsonMapper;

/** Typed ids read and write exactly as the UUIDs they wrap did: URLs, logs, JSON, path variables. */
class TypedIdsTest {

    private static final UUID RAW = UUID.fromString("0190f5b2-7c1e-7a3b-9d4e-5f6a7b8c9d0e");

    @Test
    void areWrittenAsTheirUuidsText() {
        assertThat(new ApplicationId(RAW)).hasToString(RAW.toString());
        assertThat(new ConnectionId(RAW)).hasToString(RAW.toString());
        assertThat("/x/" + new ApplicationId(RAW)).isEqualTo("/x/" + RAW);
    }

    record Body(ApplicationId id, ConnectionId connection) {}

    @Test
    void areWrittenToJsonAsPlainStrings() {
        String json = JsonMapper.builder()
                .build()
                .writeValueAsString(new Body(new ApplicationId(RAW), new ConnectionId(RAW)));
        assertThat(json).isEqualTo("{\"id\":\"" + RAW + "\",\"connection\":\"" + RAW + "\"}");
    }

    @Test
    void parseLikeSpringsUuidConversionAndRefuseBadText() {
        var conversions = new DefaultConversionService(); // what binds path variables: the id's valueOf
        assertThat(conversions.convert(RAW.toString(), ApplicationId.class)).isEqualTo(new ApplicationId(RAW));
        assertThat(conversions.convert(" " + RAW + " ", ApplicationId.class)).isEqualTo(new ApplicationId(RAW));
        assertThat(conversions.convert(" " + RAW + " ", UUID.class)).isEqualTo(RAW);
        assertThatThrownBy(() -> conversions.convert("not-a-uuid", ApplicationId.class))
                .isInstanceOf(ConversionFailedException.class)
                .hasCauseInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> conversions.convert("not-a-uuid", UUID.class))
                .isInstanceOf(ConversionFailedException.class)
                .hasCauseInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void newOnesAreTimeOrdered() {
        Clock clock = Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);
        UUID value = ApplicationId.newId(clock).value();
        assertThat(value.version()).isEqualTo(7);
        assertThat(value.getMostSignificantBits() >>> 16).isEqualTo(clock.millis());
    }
}
