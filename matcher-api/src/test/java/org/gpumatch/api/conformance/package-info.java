/**
 * The conformance kit, shipped in matcher-api's test-jar: every exact single-pattern matcher passes the same cases.
 *
 * <ul>
 *   <li>{@link org.gpumatch.api.conformance.MatcherConformanceTest}: subclass it with a one-line
 *       {@code createMatcher()} (and {@code boundaries()} for a GPU geometry) to run the whole kit as JUnit tests;</li>
 *   <li>{@link org.gpumatch.api.conformance.ConformanceCases}: the cases by group, usable without JUnit (bench answer
 *       checks, ad-hoc reproduction of one case);</li>
 *   <li>{@link org.gpumatch.api.conformance.ConformanceCheck}: one case against the oracle, as a message or nothing;</li>
 *   <li>{@link org.gpumatch.api.conformance.TextGenerators}: random, periodic and planted texts for any test.</li>
 * </ul>
 *
 * <p>Depending on it from another module:
 * <pre>{@code
 * <dependency>
 *   <groupId>org.gpumatch</groupId><artifactId>matcher-api</artifactId><type>test-jar</type><scope>test</scope>
 * </dependency>
 * }</pre>
 * The kit is built on JUnit Jupiter (dynamic tests, assumptions); a module using it needs junit-jupiter on its test
 * classpath, as every gpumatch module has from the parent pom.
 */
package org.gpumatch.api.conformance;
