/**
 * Capabilities still to come (issue 12, section 5), declared so each arrives as a port of its own with its
 * own RPC handlers, a Linux side and a simulated side. Only types: no device answers these yet, and the
 * protocol names none of their calls, so no platform fills them and no handler refuses them.
 */
import type { Progress } from '../platform/platform.ts';

}
}
