package scene

// MaxRequests is how many requests one Apply makes before it gives up.
const MaxRequests = maxRequests
