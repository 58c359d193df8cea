import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './store';
import { getSdk, type ShopSdk } from '../lib/sdk';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/** The visitor's SDK (the store's `extra`), for what no endpoint covers: the stored promo code. */
export function useShopSdk(): ShopSdk {
  return useAppDispatch()(getSdk);
}
