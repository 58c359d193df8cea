// Which health plan's coverage the shop shows (issue 19): a signed-in member's saved plan, else
// the plan a guest chose (the `otc_plan` cookie, `lib/guest-plan.ts`). The catalog, the search modal and the
// item page send it as `coveragePlan` (marks on every card) and, unless the shopper removed that
// filter, as `plan` (covered items only).
import { useEffect, useRef } from 'react';
import { t } from '@lingui/core/macro';
import type { Customer, RouteOutput } from '@otc/sdk';
import { customerApi, useCustomer } from './customer-api';
import { useAppDispatch } from './hooks';
import { notify } from './notify';
import type { AppStore, RootState } from './store';
import { api } from '../lib/api';
import { guestPlanKnown, readGuestPlanNow, takeLegacyGuestPlan, useGuestPlan } from '../lib/guest-plan';

/** `coverage=all` in the catalog's address: every item, not only those the plan in force covers. */
export const COVERAGE_ALL = 'all';
/** `coverage=covered` in the catalog's address: only the items the plan in force covers (issue 33, item 4). */
export const COVERAGE_COVERED = 'covered';

/**
 * The catalog address parameters that filter by `planFilter` (undefined: every item) when the
 * plan in force is the default filter.
 */
export function planAddressParams(
  planFilter: string | undefined,
  planInForce: string | null,
): Record<string, string> {
  if (planFilter && planFilter === planInForce) return {};
  if (planFilter) return { plan: planFilter };
  return planInForce ? { coverage: COVERAGE_ALL } : {};
}

export interface CoveragePlan {
  /** The plan code whose coverage is shown, or null (a guest who chose none, a member without one). */
  code: string | null;
  /** Whose plan it is: the member's saved plan, or the guest's choice. */
  source: 'member' | 'guest' | null;
  /** False while a signed-in customer's plan is not known yet (their `me` is loading). */
  ready: boolean;
}

function planOf(signedIn: boolean, customer: Customer | undefined, loading: boolean, guest: string | null): CoveragePlan {
  if (!signedIn) return { code: guest, source: guest ? 'guest' : null, ready: true };
  if (!customer) return { code: null, source: null, ready: !loading };
  const saved = customer.insurancePlan?.code ?? null;
  if (saved) return { code: saved, source: 'member', ready: true };
  // A new account without a plan: the guest's choice until it is carried into the account.
  return { code: guest, source: guest ? 'guest' : null, ready: true };
}

/** The plan in force for the page, following sign-in, sign-out and the guest's choice. */
export function useCoveragePlan(): CoveragePlan {
  const { customer, signedIn, isLoading } = useCustomer();
  const guest = useGuestPlan();
  return planOf(signedIn, customer, isLoading, guest);
}

/**
 * The `coveragePlan` to send with a list, a search or an item: the guest's choice (the API knows a
 * member's plan from the token), or the member's own plan when the list is filtered by another
 * plan (else the marks would be that plan's).
 */
export function coverageParam(plan: CoveragePlan, filterPlan?: string): string | undefined {
  if (!plan.code) return undefined;
  if (plan.source === 'guest') return plan.code;
  return filterPlan && filterPlan !== plan.code ? plan.code : undefined;
}

/** The same, read from the store (route loaders prefetch with it before the page renders). */
export function coveragePlanNow(state: Pick<RootState, 'session' | 'api' | 'guestPlan'>): CoveragePlan {
  const signedIn = state.session.signedIn;
  const me = customerApi.endpoints.getMe.select()(state as RootState);
  return planOf(signedIn, me.data, signedIn && !me.data && !me.isError, state.guestPlan.code);
}

export type HealthPlanList = RouteOutput<'listHealthPlans'>;

/** The plans a shopper may choose (the catalog's plan control, the cart's plan name). */
export const plansApi = api.injectEndpoints({
  endpoints: (build) => ({
    getHealthPlans: build.query<HealthPlanList, void>({
      query: () => ({ route: 'listHealthPlans' }),
      providesTags: ['HealthPlans'],
      keepUnusedDataFor: 60 * 60,
    }),
  }),
});

export const { useGetHealthPlansQuery } = plansApi;

/** A plan's name (its code until the list is there). */
export function planNameOf(plans: HealthPlanList | undefined, code: string): string {
  return plans?.find((plan) => plan.code === code)?.name ?? code;
}

/** The name of the plan in force (a member's from their account, a guest's from the list), or null. */
export function usePlanName(coverage: CoveragePlan): string | null {
  const { customer } = useCustomer();
  const { data: plans } = useGetHealthPlansQuery(undefined, { skip: !coverage.code || coverage.source === 'member' });
  if (!coverage.code) return null;
  if (coverage.source === 'member') return customer?.insurancePlan?.name ?? coverage.code;
  return planNameOf(plans, coverage.code);
}

const carryApi = api.injectEndpoints({
  endpoints: (build) => ({
    carryGuestPlan: build.mutation<RouteOutput<'chooseHealthPlan'>, { code: string }>({
      query: ({ code }) => ({ route: 'chooseHealthPlan', body: { code } }),
      // The plan filters the catalog and decides which items are covered (as the account's
      // own plan choice does).
      invalidatesTags: ['Customer', 'Categories', 'Products', 'Product', 'Cart', 'Cards'],
    }),
    /** A guest's plan into the `otc_plan` cookie ('' forgets it); the store follows the answer. */
    chooseGuestPlan: build.mutation<RouteOutput<'chooseGuestPlan'>, { code: string }>({
      query: ({ code }) => ({ route: 'chooseGuestPlan', body: { code } }),
      onQueryStarted: async (_args, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(guestPlanKnown(data.code));
        } catch {
          // Nothing changed.
        }
      },
      // The guest cart's rows are marked by the plan (the API reads the cookie).
      invalidatesTags: ['Cart'],
    }),
  }),
});

/**
 * A plan chosen in a route action (a form posted without the scripts): a guest's into the cookie
 * (the API's answer sets it, and the page's answer carries it), a member's into the account.
 * Answers the endpoint's error, or null.
 */
export async function choosePlanNow(store: AppStore, code: string): Promise<unknown> {
  const { signedIn } = store.getState().session;
  const result = signedIn
    ? await store.dispatch(carryApi.endpoints.carryGuestPlan.initiate({ code }))
    : await store.dispatch(carryApi.endpoints.chooseGuestPlan.initiate({ code }));
  return result.error ?? null;
}

/**
 * Carries the guest's chosen plan into the account once someone is signed in (a new account,
 * or one without a plan): saved as the account's plan, then forgotten. An account that already
 * has a plan keeps it (the stored choice is forgotten). Mounted once, by the layout.
 */
export function useCarryGuestPlan(): void {
  const dispatch = useAppDispatch();
  const { customer, signedIn } = useCustomer();
  const guest = useGuestPlan();
  const [carry] = carryApi.useCarryGuestPlanMutation();
  const [chooseGuest] = carryApi.useChooseGuestPlanMutation();
  const carrying = useRef<string | null>(null);
  const forget = () => void chooseGuest({ code: '' });
  // A plan kept in this browser's storage before it was a cookie: chosen again once (the API
  // checks it), unless a cookie names one already.
  useEffect(() => {
    const legacy = takeLegacyGuestPlan();
    if (legacy && !readGuestPlanNow()) void chooseGuest({ code: legacy });
  }, [chooseGuest]);
  // Another tab chose or forgot a plan: this one follows when it is looked at again.
  useEffect(() => {
    const follow = () => {
      const now = readGuestPlanNow();
      if (now !== guest) dispatch(guestPlanKnown(now));
    };
    window.addEventListener('focus', follow);
    return () => window.removeEventListener('focus', follow);
  }, [dispatch, guest]);
  useEffect(() => {
    if (!signedIn || !customer || !guest || carrying.current === guest) return;
    if (customer.insurancePlan) {
      forget();
      return;
    }
    carrying.current = guest;
    void carry({ code: guest }).then((result) => {
      carrying.current = null;
      forget();
      if ('data' in result && result.data) {
        const name = result.data.insurancePlan?.name ?? guest;
        notify(dispatch, {
          id: 'guest-plan-carried',
          title: t`Your health plan ${name} was saved to your account.`,
          icon: 'success',
          color: 'success',
        });
      }
    });
  }, [signedIn, customer, guest, carry, dispatch]);
}

/**
 * Choosing the plan whose coverage the shop shows: a guest's choice goes into the `otc_plan`
 * cookie; a signed-in member's becomes their account's plan. `forget` drops a guest's choice.
 */
export function useChooseCoveragePlan(): {
  choose: (code: string) => Promise<boolean>;
  forget: () => void;
  busy: boolean;
} {
  const { signedIn } = useCustomer();
  const [save, saving] = carryApi.useCarryGuestPlanMutation();
  const [chooseGuest, choosing] = carryApi.useChooseGuestPlanMutation();
  return {
    choose: async (code: string) => {
      const result = signedIn ? await save({ code }) : await chooseGuest({ code });
      return 'data' in result && result.data !== undefined;
    },
    forget: () => void chooseGuest({ code: '' }),
    busy: saving.isLoading || choosing.isLoading,
  };
}
