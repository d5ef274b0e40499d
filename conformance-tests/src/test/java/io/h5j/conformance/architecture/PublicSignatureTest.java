package io.h5j.conformance.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.Set;
import java.util.TreeSet;

/**
 * No public signature of an exported package names a type a user cannot reach: superclass,
 * interfaces, and the types (type arguments included) of public and protected fields,
 * constructors and methods (parameters, results, declared exceptions) of every class a user
 * can see. Each offence is one violation naming the member and the type.

 */
@AnalyzeClasses(packages = "io.h5j", importOptions = H5jClasses.MainClassesOnly.class)
class PublicSignatureTest {
  @ArchTest
  static final ArchRule exportedSignaturesNameOnlyExportedTypes =
      classes().that(visibleToUsers()).should(nameOnlyExportedTypes())
          .as("public signatures of exported packages name only types of exported packages");

  /** Public classes of exported packages, nested ones only inside public classes. */
  private static DescribedPredicate<JavaClass> visibleToUsers() {
    return DescribedPredicate.describe("are visible to users of the exported packages",
        PublicSignatureTest::visible);
  }

  private static boolean visible(JavaClass c) {
    if (!H5jClasses.exported(c) || c.isAnonymousClass() || c.isLocalClass()) {
      return false;
    }
    Set<JavaModifier> m = c.getModifiers();
    boolean accessible = m.contains(JavaModifier.PUBLIC) || m.contains(JavaModifier.PROTECTED);
    return accessible && c.getEnclosingClass().map(PublicSignatureTest::visible).orElse(true);
  }

  private static ArchCondition<JavaClass> nameOnlyExportedTypes() {
    return new ArchCondition<>("name only types of exported packages") {
      @Override
      public void check(JavaClass c, ConditionEvents events) {
        c.getSuperclass().ifPresent(t -> report(c, c.getName() + " extends", t, events));
        c.getInterfaces().forEach(t -> report(c, c.getName() + " implements", t, events));
        for (JavaField f : c.getFields()) {
          if (api(f)) {
            report(c, f.getFullName() + " has type", f.getType(), events);
          }
        }
        for (JavaCodeUnit u : c.getCodeUnits()) {
          if (api(u) && (u.isMethod() || u.isConstructor())) {
            String name = u.getFullName();
            report(c, name + " returns", u.getReturnType(), events);
            u.getParameterTypes().forEach(t -> report(c, name + " takes", t, events));
            u.getExceptionTypes().forEach(t -> report(c, name + " throws", t, events));
          }
        }
      }
    };
  }

  /** Public or protected, and written by hand (no bridge or synthetic member). */
  private static boolean api(JavaMember m) {
    Set<JavaModifier> mods = m.getModifiers();
    return (mods.contains(JavaModifier.PUBLIC) || mods.contains(JavaModifier.PROTECTED))
        && !mods.contains(JavaModifier.SYNTHETIC) && !mods.contains(JavaModifier.BRIDGE);
  }

  /** One violation per type of a non-exported package that {@code type} involves. */
  private static void report(JavaClass owner, String role, JavaType type,
      ConditionEvents events) {
    Set<String> hidden = new TreeSet<>();
    for (JavaClass raw : type.getAllInvolvedRawTypes()) {
      JavaClass base = raw.getBaseComponentType();
      if (H5jClasses.notExported(base)) {
        hidden.add(base.getName());
      }
    }
    for (String name : hidden) {
      events.add(SimpleConditionEvent.violated(owner, role + " " + name));
    }
  }
}
