// A compiled Lingui catalog (what `lingui compile` emits for plain messages).
export const messages = { products: 'Products', about: 'About', loading: 'Loading…', intro: 'The bare page of the required stack.' };
