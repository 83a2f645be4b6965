/**
 * Who has the desk: an agent session (the input lease holder), the person at the desk
 * (noticed by their own input, until they have been idle a while), the operator (taken
 * over from the console), or nobody. Agents' input is refused while a person has it;
 * observation goes on.
 */
package dev.deskhand.desk;
