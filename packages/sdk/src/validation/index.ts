// Filled by the validation work: validators with stable codes and the spec's texts.
export {};
