/**
 * Planted class sets for {@code io.hbload.architecture.FlowRulesTest}: test-only code, never in a
 * jar, shaped to break (or, under {@code flow} and {@code acyclic}, to keep) one rule of {@code
 * FlowRules} each.
 */
package io.hbload.archfixture;
