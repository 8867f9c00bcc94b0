import { type AlertDirection, api, type PriceAlert } from '@meridian/contract';
import { request } from './http';

export const fetchAlerts = () => request(api.alertList);
export const createAlert = (form: {
  forex_id: number;
  price: string;
  direction: AlertDirection;
  note: string;
}) => request(api.alertCreate, form);
export const deleteAlert = (id: number) => request(api.alertDelete, { id });

export type { AlertDirection, PriceAlert };
