// The virtual module's type travels with this file, into every program that compiles it.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./icon-sprite.d.ts" />
// The shop's icons (lucide's drawings, by lucide's names): each draws its symbol from the icon
// sprite (vite/icon-sprite.ts), a static SVG the build makes from lucide's data, so no icon's
// drawing is in the JavaScript. Stroked in currentColor, as lucide's own components: the text
// colour of light and dark mode and of forced colours.
import type { SVGProps } from 'react';
import sprite from 'virtual:icon-sprite';

export type IconProps = SVGProps<SVGSVGElement>;

/** Named by its label (aria-*, role or title): otherwise hidden from assistive technology. */
function named(props: IconProps): boolean {
  return Object.entries(props).some(
    ([key, value]) => value != null && (key.startsWith('aria-') || key === 'role' || key === 'title'),
  );
}

/** lucide's `<svg>` (24 × 24, stroke 2, round caps and joins) around the sprite's `name`. */
function spriteIcon(name: string) {
  function Icon(props: IconProps) {
    return (
      <svg
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden={named(props) ? undefined : 'true'}
        {...props}
      >
        <use href={`${sprite}#${name}`} />
      </svg>
    );
  }
  return Icon;
}

export const BellOff = /* @__PURE__ */ spriteIcon('bell-off');
export const Building2 = /* @__PURE__ */ spriteIcon('building-complex');
export const CalendarClock = /* @__PURE__ */ spriteIcon('calendar-clock');
export const Check = /* @__PURE__ */ spriteIcon('check');
export const ChevronDown = /* @__PURE__ */ spriteIcon('chevron-down');
export const ChevronRight = /* @__PURE__ */ spriteIcon('chevron-right');
export const CircleAlert = /* @__PURE__ */ spriteIcon('circle-exclamation-point');
export const CircleCheck = /* @__PURE__ */ spriteIcon('circle-check');
export const CircleSlash = /* @__PURE__ */ spriteIcon('circle-slash');
export const CircleX = /* @__PURE__ */ spriteIcon('circle-x');
export const Clock = /* @__PURE__ */ spriteIcon('clock');
export const CreditCard = /* @__PURE__ */ spriteIcon('credit-card');
export const ExternalLink = /* @__PURE__ */ spriteIcon('external-link');
export const Heart = /* @__PURE__ */ spriteIcon('heart');
export const Info = /* @__PURE__ */ spriteIcon('info');
export const Languages = /* @__PURE__ */ spriteIcon('languages');
export const LayoutGrid = /* @__PURE__ */ spriteIcon('layout-grid');
export const LogOut = /* @__PURE__ */ spriteIcon('log-out');
export const Mail = /* @__PURE__ */ spriteIcon('mail');
export const MapPin = /* @__PURE__ */ spriteIcon('map-pin');
export const Menu = /* @__PURE__ */ spriteIcon('menu');
export const MessageSquareText = /* @__PURE__ */ spriteIcon('message-square-text');
export const Minus = /* @__PURE__ */ spriteIcon('minus');
export const Monitor = /* @__PURE__ */ spriteIcon('monitor');
export const MonitorSmartphone = /* @__PURE__ */ spriteIcon('monitor-smartphone');
export const Moon = /* @__PURE__ */ spriteIcon('moon');
export const Package = /* @__PURE__ */ spriteIcon('package');
export const PackageCheck = /* @__PURE__ */ spriteIcon('package-check');
export const PackageSearch = /* @__PURE__ */ spriteIcon('package-search');
export const Phone = /* @__PURE__ */ spriteIcon('phone');
export const Plus = /* @__PURE__ */ spriteIcon('plus');
export const RefreshCw = /* @__PURE__ */ spriteIcon('refresh-cw');
export const RotateCcw = /* @__PURE__ */ spriteIcon('rotate-ccw');
export const Rows3 = /* @__PURE__ */ spriteIcon('rows-3');
export const Search = /* @__PURE__ */ spriteIcon('search');
export const ShieldAlert = /* @__PURE__ */ spriteIcon('shield-exclamation-point');
export const ShieldCheck = /* @__PURE__ */ spriteIcon('shield-check');
export const ShoppingBasket = /* @__PURE__ */ spriteIcon('shopping-basket');
export const ShoppingCart = /* @__PURE__ */ spriteIcon('shopping-cart');
export const SlidersHorizontal = /* @__PURE__ */ spriteIcon('sliders-horizontal');
export const Sun = /* @__PURE__ */ spriteIcon('sun');
export const Tag = /* @__PURE__ */ spriteIcon('tag');
export const TriangleAlert = /* @__PURE__ */ spriteIcon('triangle-exclamation-point');
export const Truck = /* @__PURE__ */ spriteIcon('truck');
export const User = /* @__PURE__ */ spriteIcon('user');
export const UserRound = /* @__PURE__ */ spriteIcon('user-round');
export const Wallet = /* @__PURE__ */ spriteIcon('wallet');
export const WalletCards = /* @__PURE__ */ spriteIcon('wallet-cards');
export const X = /* @__PURE__ */ spriteIcon('x');
