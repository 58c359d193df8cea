export { cn } from './cn';
export { Button, IconButton, LinkButton, buttonClasses } from './components/button';
export type { ButtonProps, ButtonSize, ButtonVariant, IconButtonProps } from './components/button';
export { TextField, Select, Checkbox, RadioGroup } from './components/field';
export type {
  TextFieldProps,
  SelectProps,
  SelectOption,
  CheckboxProps,
  RadioGroupProps,
  RadioOption,
} from './components/field';
export { Dialog, Drawer } from './components/dialog';
export type { DialogProps, DrawerProps, ModalPlacement } from './components/dialog';
export { Toast, ToastRegion, DEFAULT_TOAST_TIMEOUT_MS } from './components/toast';
export type {
  ToastProps,
  ToastRegionProps,
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
export { ProductCard } from './components/product-card';
export type { ProductCardProps, ProductCardImage } from './components/product-card';
export { EmptyState } from './components/empty-state';
export type { EmptyStateProps } from './components/empty-state';
export { Spinner } from './components/spinner';
export type { SpinnerProps } from './components/spinner';
export { VisuallyHidden } from './components/visually-hidden';
export { Container, Stack } from './components/layout';
export type { ContainerProps, StackProps } from './components/layout';
export { Tabs } from './components/tabs';
export type { TabsProps, TabItem } from './components/tabs';
