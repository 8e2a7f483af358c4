// BroadcastTo the shape of another argument, Mul, a keep_dims Sum, Squeeze, ExpandDims, then a stable
// log-sum-exp over time (Max, Sub, Exp, Sum, Log, AddV2, Squeeze); inputs up to +-1e4 in the last case.
func.func @test(%arg0: tensor<?x1x?xf32>, %arg1: tensor<?x?x?xf32>) -> (tensor<?x?xf32>, tensor<?xf32>) {
  %0 = "tf.Shape"(%arg1) {device = ""} : (tensor<?x?x?xf32>) -> tensor<3xi64>
  %1 = "tf.BroadcastTo"(%arg0, %0) {device = ""} : (tensor<?x1x?xf32>, tensor<3xi64>) -> tensor<?x?x?xf32>
  %2 = "tf.Mul"(%1, %arg1) {device = ""} : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %cst = "tf.Const"() {value = dense<2> : tensor<1xi32>} : () -> tensor<1xi32>
  %3 = "tf.Sum"(%2, %cst) {device = "", keep_dims = true} : (tensor<?x?x?xf32>, tensor<1xi32>) -> tensor<?x?x1xf32>
  %4 = "tf.Squeeze"(%3) {device = "", squeeze_dims = [2]} : (tensor<?x?x1xf32>) -> tensor<?x?xf32>
  %cst_0 = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %5 = "tf.ExpandDims"(%4, %cst_0) {device = ""} : (tensor<?x?xf32>, tensor<i32>) -> tensor<?x1x?xf32>
  %6 = "tf.Max"(%5, %cst) {device = "", keep_dims = true} : (tensor<?x1x?xf32>, tensor<1xi32>) -> tensor<?x1x1xf32>
  %7 = "tf.Sub"(%5, %6) {device = ""} : (tensor<?x1x?xf32>, tensor<?x1x1xf32>) -> tensor<?x1x?xf32>
  %8 = "tf.Exp"(%7) {device = ""} : (tensor<?x1x?xf32>) -> tensor<?x1x?xf32>
  %9 = "tf.Sum"(%8, %cst) {device = "", keep_dims = true} : (tensor<?x1x?xf32>, tensor<1xi32>) -> tensor<?x1x1xf32>
  %10 = "tf.Log"(%9) {device = ""} : (tensor<?x1x1xf32>) -> tensor<?x1x1xf32>
  %11 = "tf.AddV2"(%10, %6) {device = ""} : (tensor<?x1x1xf32>, tensor<?x1x1xf32>) -> tensor<?x1x1xf32>
  %12 = "tf.Squeeze"(%11) {device = "", squeeze_dims = [1, 2]} : (tensor<?x1x1xf32>) -> tensor<?xf32>
  func.return %4, %12 : tensor<?x?xf32>, tensor<?xf32>
}
