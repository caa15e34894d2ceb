package sn.xaalis.support;

import com.microsoft.playwright.Page;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The checks every page passes in Chromium (issue 17): it fits the viewport without scrolling sideways,
 * it says its language, and axe-core finds nothing serious. One call per page shown:
 * {@code PageChecks.check(page, "checkout-fr-390", "fr")}; customer pages add {@link #touchTargets}.
 */
public final class PageChecks {

    /** axe-core (npm package axe-core, shipped in Deque's jar, see server/pom.xml) at the classpath root. */
    private static final String AXE_RESOURCE = "/axe.min.js";

    private static final Set<String> FAILING_IMPACTS = Set.of("serious", "critical");

    /** Moderate in axe, required all the same: every page has one main landmark and one h1. */
    private static final Set<String> ALSO_REQUIRED = Set.of("landmark-one-main", "page-has-heading-one");

    static final int MIN_TOUCH_TARGET = 44;

    /** WCAG 2.2's minimum target size (2.5.8), held by every page; customer pages hold {@link #MIN_TOUCH_TARGET}. */
    static final int MIN_TARGET = 24;

    /**
     * English words that are not French ones: on a French page, each is a label someone forgot to translate
     * or a technical name in a shop owner's way. Text a developer needs ({@code code}, {@code pre}), the
     * merchant's own words ({@code translate="no"}) and text in another language ({@code lang}) are not read.
     */
    static final List<String> ENGLISH_WORDS = List.of(
            "the",
            "and",
            "of",
            "to",
            "with",
            "from",
            "for",
            "your",
            "you",
            "this",
            "that",
            "is",
            "are",
            "was",
            "not",
            "please",
            "click",
            "here",
            "payment",
            "payments",
            "failed",
            "pending",
            "delivered",
            "undeliverable",
            "retry",
            "retrying",
            "unknown",
            "host",
            "configured",
            "sandbox",
            "live",
            "refund",
            "refunded",
            "invalid",
            "required",
            "address",
            "amount",
            "status",
            "success",
            "succeeded",
            "cancelled",
            "canceled",
            "expired",
            "processing",
            "created",
            "settings",
            "dashboard",
            "sign",
            "signed",
            "out",
            "key",
            "keys",
            "name",
            "phone",
            "customer",
            "merchant",
            "error",
            "callback",
            "metadata",
            "magic",
            "portal",
            "save",
            "cancel",
            "delete",
            "revoke",
            "submit",
            "search",
            "download",
            "copy",
            "share",
            "link",
            "links",
            "new",
            "open",
            "closed",
            "yes",
            "none",
            "true",
            "false",
            "null",
            "back",
            "next",
            "previous",
            "today",
            "days",
            "state",
            "unreachable",
            "refused",
            "answered",
            "timeout",
            "uuid",
            "environment",
            "approved",
            "withdrawn");

    /** Names an element in messages: tag, id, first classes and its text or label. */
    private static final String DESCRIBE =
            """
            const describe = el => {
              let name = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '');
              for (const c of [...el.classList].slice(0, 2)) name += '.' + c;
              const text = (el.getAttribute('aria-label') || el.value || el.textContent || '')
                  .replace(/\\s+/g, ' ').trim().slice(0, 40);
              return text ? name + ' "' + text + '"' : name;
            };
            """;

    /**
     * Null when the page fits its viewport; else says so, naming the widest elements that stick out (those
     * inside a box of their own that clips or scrolls them are not the page's problem).
     */
    private static final String OVERFLOW = "() => {" + DESCRIBE
            + """
              const root = document.documentElement, width = window.innerWidth;
              if (root.scrollWidth <= width) return null;
              const contained = el => {
                for (let a = el.parentElement; a && a !== document.body && a !== root; a = a.parentElement)
                  if (getComputedStyle(a).overflowX !== 'visible') return true;
                return false;
              };
              const widest = [...document.body.querySelectorAll('*')]
                .map(el => ({el, box: el.getBoundingClientRect()}))
                .filter(x => x.box.right > width + 0.5 && !contained(x.el))
                .sort((a, b) => b.box.right - a.box.right)
                .slice(0, 5)
                .map(x => describe(x.el) + ': right edge at ' + Math.round(x.box.right) + ' px, '
                    + Math.round(x.box.width) + ' px wide');
              return 'The page scrolls sideways (' + root.scrollWidth + ' px wide for a ' + width
                  + ' px viewport); widest elements:\\n  ' + (widest.join('\\n  ') || 'none found');
            }""";

    /**
     * Controls smaller than 44×44 px. A link inside a sentence is exempt (WCAG 2.5.5); a checkbox or radio
     * counts with its label, which is what a finger touches.
     */
    private static final String SMALL_TARGETS = "min => {" + DESCRIBE
            + """
              const selector = 'a[href], button, input:not([type=hidden]), select, textarea, summary,'
                  + ' [role=button], [role=link]';
              const inSentence = el => getComputedStyle(el).display === 'inline' && el.parentElement
                  && /\\p{L}/u.test(el.parentElement.textContent.replace(el.textContent, ''));
              const small = [];
              for (const el of document.querySelectorAll(selector)) {
                let box = el.getBoundingClientRect();
                const shown = box.width > 1 && box.height > 1 && getComputedStyle(el).visibility !== 'hidden';
                if (!shown || (el.tagName === 'A' && inSentence(el))) continue;
                if (el.type === 'checkbox' || el.type === 'radio') {
                  const label = el.closest('label')
                      || (el.id && document.querySelector('label[for="' + CSS.escape(el.id) + '"]'));
                  if (label) box = label.getBoundingClientRect();
                }
                if (box.width < min - 0.5 || box.height < min - 0.5)
                  small.push(describe(el) + ': ' + Math.round(box.width) + '×' + Math.round(box.height) + ' px');
              }
              return small;
            }""";

    /**
     * Words drawn on two lines or more: an amount, a status or a reference cut inside ("12 500 FCF/A",
     * "Rembours/é", "SVC-/RSLONFQ2"). A word is what lies between breakable spaces, so a no-break space keeps
     * "4 500 FCFA" one word. Addresses and long keys (a "/" or "@", or past 30 characters) may break, and so
     * may a lower-case compound at its hyphen ("peut-être"), as typesetters allow.
     */
    private static final String WRAPPED_WORDS = "() => {" + DESCRIBE
            + """
              const broken = [];
              const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
              for (let node; (node = walker.nextNode()); ) {
                const parent = node.parentElement;
                if (!parent || parent.closest('script, style, noscript, template, textarea, pre')
                    || !parent.checkVisibility()) continue;
                for (const m of node.data.matchAll(/[^ \\t\\n\\r\\f]+/g)) {
                  const word = m[0];
                  if (word.length < 2 || word.length > 30 || /[\\/@]/.test(word)
                      || /^[\\p{Ll}'’]+(-[\\p{Ll}'’]+)+\\p{P}?$/u.test(word)) continue;
                  const range = document.createRange();
                  range.setStart(node, m.index);
                  range.setEnd(node, m.index + word.length);
                  const boxes = [...range.getClientRects()].filter(r => r.width > 0 && r.height > 0);
                  if (boxes.length < 2) continue;
                  const tops = boxes.map(r => r.top), height = Math.min(...boxes.map(r => r.height));
                  if (Math.max(...tops) - Math.min(...tops) > height / 2)
                    broken.push(describe(parent) + ': "' + word + '" is cut over ' + boxes.length + ' lines');
                }
              }
              return [...new Set(broken)];
            }""";

    /** Words of {@link #ENGLISH_WORDS} in a French page's text and in the labels people see or hear. */
    private static final String ENGLISH_IN_FRENCH = "words => {" + DESCRIBE
            + """
              const skipped = el => el.closest('script, style, noscript, template, code, pre, kbd, samp, [translate=no]')
                  || !(el.closest('[lang]')?.getAttribute('lang') || 'fr').startsWith('fr');
              const found = [];
              const read = (el, text) => {
                // a word ends at what is neither a letter, a digit nor "_": "pk_test_6To4jB" holds no "to"
                for (const w of text.match(/[\\p{L}\\p{N}_]+/gu) || [])
                  if (words.includes(w.toLowerCase())) found.push(describe(el) + ': "' + w + '"');
              };
              const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
              for (let node; (node = walker.nextNode()); )
                if (node.parentElement && !skipped(node.parentElement)) read(node.parentElement, node.data);
              for (const el of document.querySelectorAll('[placeholder], [aria-label], [title], [alt], input[type=submit], input[type=button]'))
                if (!skipped(el))
                  for (const a of ['placeholder', 'aria-label', 'title', 'alt', 'value'])
                    if (el.hasAttribute(a) && (a !== 'value' || /^(submit|button)$/.test(el.type))) read(el, el.getAttribute(a));
              read(document.body, document.title);
              return [...new Set(found)];
            }""";

    private static final String RUN_AXE =
            """
            async () => {
              const results = await axe.run(document, {resultTypes: ['violations']});
              return results.violations.map(v => ({
                id: v.id, impact: v.impact || '', help: v.help, helpUrl: v.helpUrl,
                nodes: v.nodes.map(n => ({target: n.target.join(' '), html: n.html}))
              }));
            }""";

    private static volatile String axeSource;

    private PageChecks() {}

    /** An axe-core violation: the rule, its impact and the elements it found. */
    public record Violation(String id, String impact, String help, String helpUrl, List<Map<String, Object>> nodes) {
        boolean failing() {
            return FAILING_IMPACTS.contains(impact) || ALSO_REQUIRED.contains(id);
        }

        String describe() {
            StringBuilder text =
                    new StringBuilder("  " + id + " (" + impact + "): " + help + "\n    " + helpUrl + "\n");
            for (Map<String, Object> node : nodes) {
                text.append("    at ").append(node.get("target")).append("\n       ");
                text.append(String.valueOf(node.get("html")).replaceAll("\\s+", " "))
                        .append("\n");
            }
            return text.toString();
        }
    }

    /**
     * Saves the screenshot (when the run asks, or when a check fails), then checks the page: no sideways scrolling, {@code <html lang>} is {@code
     * language}, no serious or critical axe-core violation, every control at least 24×24 px, no word cut over
     * two lines and, on a French page, no English word. Every failure is reported in one message.
     */
    public static void check(Page page, String screenshotName, String language) {
        Browser.screenshot(page, screenshotName);
        List<String> failures = new ArrayList<>();
        if (page.evaluate(OVERFLOW) instanceof String overflow) {
            failures.add(overflow);
        }
        Object lang = page.evaluate("document.documentElement.getAttribute('lang')");
        if (!language.equals(lang)) {
            failures.add("<html lang> is " + lang + ", expected " + language);
        }
        List<String> small = smallTargets(page, MIN_TARGET);
        if (!small.isEmpty()) {
            failures.add(
                    "Controls smaller than " + MIN_TARGET + "×" + MIN_TARGET + " px:\n  " + String.join("\n  ", small));
        }
        List<String> cut = strings(page.evaluate(WRAPPED_WORDS));
        if (!cut.isEmpty()) {
            failures.add("Words cut over two lines:\n  " + String.join("\n  ", cut));
        }
        if (language.equals("fr")) {
            List<String> english = strings(page.evaluate(ENGLISH_IN_FRENCH, ENGLISH_WORDS));
            if (!english.isEmpty()) {
                failures.add("English on a French page:\n  " + String.join("\n  ", english));
            }
        }
        List<Violation> violations =
                axe(page).stream().filter(Violation::failing).toList();
        if (!violations.isEmpty()) {
            StringBuilder text = new StringBuilder("axe-core found " + violations.size() + " violation(s):\n");
            violations.forEach(v -> text.append(v.describe()));
            failures.add(text.toString().stripTrailing());
        }
        if (!failures.isEmpty()) {
            if (!Browser.SCREENSHOTS_WANTED) {
                Browser.save(page, screenshotName);
            }
            throw new AssertionError("Page checks failed for " + screenshotName + " (" + page.url() + "):\n"
                    + String.join("\n", failures));
        }
    }

    /** Fails when a visible control of the page is smaller than 44×44 px (customer pages, used on phones). */
    public static void touchTargets(Page page) {
        List<String> small = smallTargets(page, MIN_TOUCH_TARGET);
        if (!small.isEmpty()) {
            throw new AssertionError("Touch targets smaller than " + MIN_TOUCH_TARGET + "×" + MIN_TOUCH_TARGET
                    + " px on " + page.url() + ":\n  " + String.join("\n  ", small));
        }
    }

    private static List<String> smallTargets(Page page, int min) {
        return strings(page.evaluate(SMALL_TARGETS, min));
    }

    @SuppressWarnings("unchecked")
    private static List<String> strings(Object evaluated) {
        return (List<String>) evaluated;
    }

    /** Every axe-core violation on the page as it is now, whatever its impact. */
    @SuppressWarnings("unchecked")
    public static List<Violation> axe(Page page) {
        injectAxe(page);
        List<Map<String, Object>> found = (List<Map<String, Object>>) page.evaluate(RUN_AXE);
        return found.stream()
                .map(v -> new Violation(
                        (String) v.get("id"),
                        (String) v.get("impact"),
                        (String) v.get("help"),
                        (String) v.get("helpUrl"),
                        (List<Map<String, Object>>) v.get("nodes")))
                .toList();
    }

    /**
     * Evaluated rather than added with {@code page.addScriptTag}: the pages forbid inline scripts
     * ({@code script-src 'self'}), which would block that tag, and turning the policy off in the browser
     * ({@code bypassCSP}) would hide a page that breaks under its own policy. Evaluation comes from the
     * test, not from the page, so the policy does not apply to it.
     */
    private static void injectAxe(Page page) {
        if (!Boolean.TRUE.equals(page.evaluate("typeof window.axe === 'object'"))) {
            page.evaluate(axeSource() + "\n;true");
        }
    }

    private static String axeSource() {
        if (axeSource == null) {
            try (InputStream in = PageChecks.class.getResourceAsStream(AXE_RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException(AXE_RESOURCE + " is not on the test classpath (server/pom.xml)");
                }
                axeSource = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return axeSource;
    }
}
