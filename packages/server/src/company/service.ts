/** The company profile: one per console, kept with the console settings. */
import type { Company, CompanyRequest } from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import { keyValueStore } from '../db/key-value.ts';

const KEY = 'company';
/** There is one company; its id is fixed so the console can refer to it like any other entity. */
const COMPANY_ID = 1;
const EMPTY: CompanyRequest = {
  name: '',
  address: '',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  postalCode: '',
  status: 1,
  description: '',
  notifyUserName: '',
  businessAdministrationNumber: '',
};

export function companyService(db: Db) {
  const settings = keyValueStore(db);
  return {
    async get(): Promise<Company> {
      return { ...EMPTY, ...(await settings.get<CompanyRequest>(KEY)), id: COMPANY_ID };
    },
    async save(company: CompanyRequest): Promise<Company> {
      const stored = { ...company, name: company.name.trim() };
      await settings.put(KEY, stored);
      return { ...stored, id: COMPANY_ID };
    },
  };
}
export type CompanyService = ReturnType<typeof companyService>;
