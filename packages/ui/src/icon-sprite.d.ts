/** The address of the icon sprite (vite/icon-sprite.ts). */
declare module 'virtual:icon-sprite' {
  const address: string;
  export default address;
}
