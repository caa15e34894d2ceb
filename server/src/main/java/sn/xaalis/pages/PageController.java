package sn.xaalis.pages;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.core.annotation.AliasFor;
import org.springframework.stereotype.Controller;

/**
 * A controller of pages people read. What every page shares (the language switch's way back) is added
 * to these only: the API's controllers would pay for it on every request (4 % of a status read's CPU
 * in bench M2's profile) and never use it.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Controller
public @interface PageController {

    @AliasFor(annotation = Controller.class)
    String value() default "";
}
