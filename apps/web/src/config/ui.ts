/** Spec §9's interface constants, in the units antd takes (seconds for delays). */
export const UI = {
  /** Base z-index of modals (and of every popup antd stacks above the page). */
  modalZIndex: 2000,
  /** A collapsed sidebar's submenus open and close after 300 ms. */
  submenuDelaySeconds: 0.3,
  /** Tooltips wait 200 ms before they show or hide. */
  tooltipDelaySeconds: 0.2,
} as const;
