/**
 * shared-kernel/contracts: pure TypeScript shared by the screens and the API server. No React,
 * no browser APIs: wire types, enums, atoms, error codes and the yup schemas both sides
 * validate with.
 */
export * from './atoms.js';
export * from './errors.js';
export * from './record-version.js';
export * from './messages.js';
export * from './paging.js';
export * from './auth.js';
export * from './users.js';
export * from './enums.js';
export * from './banking.js';
export * from './accounts.js';
export * from './business.js';
export * from './students.js';
export * from './income-expense.js';
export * from './direct-debits.js';
export * from './bank-movements.js';
export * from './contract-templates.js';
export * from './tickets.js';
export * from './published-content.js';
export * from './news.js';
export * from './association.js';
export * from './microsite.js';
export * from './config.js';
export * from './calendar.js';
export * from './templates.js';
export * from './template-documents.js';
export * from './lead-import.js';
export * from './conclusion.js';
export * from './conclusion-activation.js';
export * from './leads.js';
export * from './lead-flow.js';
export * from './person-texts.js';
export * from './jobs.js';
export * from './student-contracts.js';
export * from './student-money.js';
export * from './dunning.js';
export * from './list-layout.js';
