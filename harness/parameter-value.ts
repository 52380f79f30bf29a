/** A value in the result's parameters (a flag or a figure the workload measured). */
export type ParameterValue = string | number | boolean;
