/** {@code gpumatch bench sa}: suffix array construction speed on real text, DNA, proteins and hard inputs. */
package org.gpumatch.bench.sa;
