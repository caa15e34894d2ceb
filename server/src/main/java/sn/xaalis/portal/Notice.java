package sn.xaalis.portal;

import java.io.Serializable;

/** A message for the page to say, by key and arguments, so that it reads in the page's language. */
record Notice(String key, String[] args) implements Serializable {

    static Notice of(String key, Object... args) {
        String[] texts = new String[args.length];
        for (int i = 0; i < args.length; i++) {
            texts[i] = String.valueOf(args[i]);
        }
        return new Notice(key, texts);
    }
}
