/**
 * Exact matchers on Aparapi: the registry of implemented algorithms ({@link org.gpumatch.aparapi.ExactMatchers}) and
 * the planner behind {@code -a auto} ({@link org.gpumatch.aparapi.Planner}).
 */
package org.gpumatch.aparapi;
