// TensorScatterSub/Max/Min (element updates, repeated indices combining in order; a NaN update or element
// propagates through Max and Min; i32 subtraction wraps), ScatterNd (rows of zeros of a shape given as an
// argument, repeated rows adding) and GatherNd (slices of a rank-3 tensor, and elements); indices in range.
func.func @test(%t: tensor<?x?xf32>, %ix: tensor<?x2xi32>, %u: tensor<?xf32>, %ti: tensor<?xi32>, %ixi: tensor<?x1xi64>, %ui: tensor<?xi32>, %sidx: tensor<?x1xi32>, %supd: tensor<?x?xf32>, %shape: tensor<2xi64>, %p: tensor<?x?x?xf32>, %gix: tensor<?x2xi64>, %gix3: tensor<?x?x3xi32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = "tf.TensorScatterSub"(%t, %ix, %u) {device = ""} : (tensor<?x?xf32>, tensor<?x2xi32>, tensor<?xf32>) -> tensor<?x?xf32>
  %1 = "tf.TensorScatterMax"(%t, %ix, %u) {device = ""} : (tensor<?x?xf32>, tensor<?x2xi32>, tensor<?xf32>) -> tensor<?x?xf32>
  %2 = "tf.TensorScatterMin"(%t, %ix, %u) {device = ""} : (tensor<?x?xf32>, tensor<?x2xi32>, tensor<?xf32>) -> tensor<?x?xf32>
  %3 = "tf.TensorScatterSub"(%ti, %ixi, %ui) {device = ""} : (tensor<?xi32>, tensor<?x1xi64>, tensor<?xi32>) -> tensor<?xi32>
  %4 = "tf.TensorScatterMax"(%ti, %ixi, %ui) {device = ""} : (tensor<?xi32>, tensor<?x1xi64>, tensor<?xi32>) -> tensor<?xi32>
  %5 = "tf.TensorScatterMin"(%ti, %ixi, %ui) {device = ""} : (tensor<?xi32>, tensor<?x1xi64>, tensor<?xi32>) -> tensor<?xi32>
  %6 = "tf.ScatterNd"(%sidx, %supd, %shape) {device = ""} : (tensor<?x1xi32>, tensor<?x?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %7 = "tf.GatherNd"(%p, %gix) {device = ""} : (tensor<?x?x?xf32>, tensor<?x2xi64>) -> tensor<?x?xf32>
  %8 = "tf.GatherNd"(%p, %gix3) {device = ""} : (tensor<?x?x?xf32>, tensor<?x?x3xi32>) -> tensor<?x?xf32>
  %9 = "tf.Identity"(%8) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %0, %1, %2, %3, %4, %5, %6, %7, %9 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}
