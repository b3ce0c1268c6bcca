// The front door of features/messages: what other features and the app's frame use of it. Its
// routed pages are loaded by router.tsx through pages.ts (docs/architecture.md, "Import rules").
export { AcceptInquiriesSetting } from './AcceptInquiriesSetting';
export { HeaderMessagesSlot } from './HeaderMessagesSlot';
export { MessageButton } from './MessageButton';
export { MessagesDashboardCard } from './MessagesDashboardCard';
export { OrderMessageSellers } from './OrderMessageSellers';
