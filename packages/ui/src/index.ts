export { cn } from './cn';
export { Button, IconButton, LinkButton, buttonClasses } from './components/button';
export type { ButtonProps, ButtonSize, ButtonVariant, IconButtonProps } from './components/button';
export { TextField, TextAreaField, Select, Checkbox, RadioGroup } from './components/field';
export type {
  TextFieldProps,
  TextAreaFieldProps,
  SelectProps,
  SelectOption,
  CheckboxProps,
  RadioGroupProps,
  RadioOption,
} from './components/field';
export { Dialog, Drawer } from './components/dialog';
export type { DialogProps, DrawerProps, ModalPlacement } from './components/dialog';
export { Toast, DEFAULT_TOAST_TIMEOUT_MS } from './components/toast';
export { ToastRegion } from './components/toast-region';
export type { ToastRegionProps } from './components/toast-region';
export type {
  ToastProps,
  ToastAction,
  ToastAvatar,
  ToastColor,
  ToastCloseReason,
} from './components/toast';
export { Skeleton } from './components/skeleton';
export type { SkeletonProps } from './components/skeleton';
export { Badge, StatusPill } from './components/badge';
export type { BadgeProps, BadgeTone, StatusColor, StatusPillProps } from './components/badge';
export { Price } from './components/price';
export type { PriceProps } from './components/price';
export { QuantityStepper } from './components/quantity-stepper';
export type { QuantityStepperProps } from './components/quantity-stepper';
export { CoverageMark, ProductCard } from './components/product-card';
export type { CoverageMarkProps, ProductCardProps, ProductCardImage } from './components/product-card';
export { EmptyState } from './components/empty-state';
export type { EmptyStateProps } from './components/empty-state';
export { Spinner } from './components/spinner';
export type { SpinnerProps } from './components/spinner';
export { VisuallyHidden } from './components/visually-hidden';
export { LiveMessage, describedErrorText } from './components/live-message';
export type { LiveMessageProps, SpokenMessage } from './components/live-message';
export { Container, Stack } from './components/layout';
export type { ContainerProps, StackProps } from './components/layout';
export { Tabs } from './components/tabs';
export type { TabsProps, TabItem } from './components/tabs';
export { OneTimeCodeInput } from './components/one-time-code-input';
export type { OneTimeCodeInputProps } from './components/one-time-code-input';
export { DateOfBirthFields } from './components/date-of-birth-fields';
export type {
  DateOfBirthFieldsHandle,
  DateOfBirthFieldsProps,
  DateOfBirthValue,
  DateOfBirthPart,
} from './components/date-of-birth-fields';
export { Countdown, useWaitOver } from './components/countdown';
export type { CountdownProps } from './components/countdown';
export { ConfirmButton } from './components/confirm-button';
export type { ConfirmButtonProps } from './components/confirm-button';
export { Stepper } from './components/stepper';
export type { StepperProps, StepperStep } from './components/stepper';
export { ProgressTracker } from './components/progress-tracker';
export type {
  ProgressTrackerProps,
  ProgressStep,
  ProgressStepState,
} from './components/progress-tracker';
export { StatusBadge, statusColorForCode, STATUS_CODE_COLORS } from './components/status-badge';
export type { StatusBadgeProps } from './components/status-badge';
export { RadioCardGroup } from './components/radio-card-group';
export type { RadioCardGroupProps, RadioCardOption } from './components/radio-card-group';
export { Notice } from './components/notice';
export type { NoticeProps, NoticeTone } from './components/notice';
export { SummaryList } from './components/summary-list';
export type { SummaryListProps, SummaryRow } from './components/summary-list';
export { LineItem } from './components/line-item';
export type { LineItemProps } from './components/line-item';
