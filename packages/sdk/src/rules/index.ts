// Filled by the rules work: pure business rules.
export {};
