export const messages = { products: 'Productos', about: 'Acerca de', loading: 'Cargando…', intro: 'La página mínima de la pila requerida.' };
