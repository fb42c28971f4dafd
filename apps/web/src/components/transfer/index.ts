export { UserAssignTransfer, type TransferUser, type UserAssignTransferProps } from './user-assign-transfer';
export { InstitutionPicker, type Institution, type InstitutionPickerProps } from './institution-picker';
export { changesOf } from './transfer-items';
