/**
 * HBase for users' integration tests: {@link TestHBase} is the plain API (an embedded mini cluster,
 * or a container when an image is picked and Docker is there), {@link
 * io.hbload.hbase.testkit.HBaseExtension} the JUnit 5 extension around it. JUnit and Testcontainers
 * are {@code provided}: the user's test class path brings them, the hbload fat jar does not need
 * them.
 */
package io.hbload.hbase.testkit;
