/**
 * Test fixtures that tests of other modules share with core's own: bindings that drive the engine
 * without a database. Published as core's test-jar (this package only, see core/pom.xml) for the
 * modules' tests to depend on; never part of the product jar.
 */
package io.hbload.core.testing;
