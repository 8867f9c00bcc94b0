import type { CompanyFields } from '../companies.repo';

/** White-label partners the company-search mode starts with. */
export const COMPANIES: CompanyFields[] = [
  {
    name: 'Meridian Markets Ltd',
    subject: 'Online CFD and forex brokerage',
    logo: '/news/company-meridian.svg',
    url: 'https://meridian.example.com',
    registeredAddress: '25 Canada Square, London E14 5LQ, United Kingdom',
    location: 'London',
    email: 'contact@meridian.example.com',
  },
  {
    name: 'Harbour Capital Pte Ltd',
    subject: 'Multi-asset trading for Asia-Pacific clients',
    logo: '/news/company-harbour.svg',
    url: 'https://harbour.example.com',
    registeredAddress: '8 Marina View, #40-01, Singapore 018960',
    location: 'Singapore',
    email: 'support@harbour.example.com',
  },
  {
    name: 'Alpen Trading AG',
    subject: 'Precious metals and index CFDs',
    logo: '/news/company-alpen.svg',
    url: 'https://alpen.example.com',
    registeredAddress: 'Bahnhofstrasse 42, 8001 Zürich, Switzerland',
    location: 'Zürich',
    email: 'info@alpen.example.com',
  },
  {
    name: 'Southern Cross FX Pty Ltd',
    subject: 'Forex and commodities for retail traders',
    logo: '/news/company-southern.svg',
    url: 'https://southerncross.example.com',
    registeredAddress: 'Level 12, 1 Macquarie Place, Sydney NSW 2000, Australia',
    location: 'Sydney',
    email: 'hello@southerncross.example.com',
  },
];
