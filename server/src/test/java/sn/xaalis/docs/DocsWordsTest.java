package sn.xaalis.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class DocsWordsTest {

    private final DocsWords words = new DocsWords();

    @Test
    void wordsHoldingASignAreKeptWholeAndTheRestIsLeftAsWritten() {
        assertThat(words.pieces("Send X-Api-Key and\nX-Api-Secret. Plain words, here."))
                .containsExactly(
                        new DocsWords.Piece("Send ", false),
                        new DocsWords.Piece("X-Api-Key", true),
                        new DocsWords.Piece(" and\n", false),
                        new DocsWords.Piece("X-Api-Secret.", true),
                        new DocsWords.Piece(" Plain words, here.", false));
    }

    @Test
    void aWordTooLongForAPhoneMayStillBreak() {
        String pattern = "^[0-9]{1,20}(\\.[0-9]{1,20})?$;x";
        assertThat(words.pieces(pattern)).containsExactly(new DocsWords.Piece(pattern, false));
        assertThat(words.pieces(null)).isEqualTo(List.of());
    }
}
