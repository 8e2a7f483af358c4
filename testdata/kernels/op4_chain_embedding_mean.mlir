// Masked mean of embeddings, L2-normalized: GatherV2 rows of a table, ExpandDims the mask, Mul, Sum over
// time, DivNoNan by the mask count (an all-masked row gives 0, not NaN), Square, Sum, Maximum, Rsqrt, Mul.
func.func @test(%arg0: tensor<?x?xi32>, %arg1: tensor<?x?xf32>, %arg2: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %cst = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.GatherV2"(%arg1, %arg0, %cst) {batch_dims = 0 : i64, device = ""} : (tensor<?x?xf32>, tensor<?x?xi32>, tensor<i32>) -> tensor<?x?x?xf32>
  %cst_0 = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %1 = "tf.ExpandDims"(%arg2, %cst_0) {device = ""} : (tensor<?x?xf32>, tensor<i32>) -> tensor<?x?x1xf32>
  %2 = "tf.Mul"(%0, %1) {device = ""} : (tensor<?x?x?xf32>, tensor<?x?x1xf32>) -> tensor<?x?x?xf32>
  %cst_1 = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %3 = "tf.Sum"(%2, %cst_1) {device = "", keep_dims = false} : (tensor<?x?x?xf32>, tensor<1xi32>) -> tensor<?x?xf32>
  %4 = "tf.Sum"(%arg2, %cst_1) {device = "", keep_dims = true} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?x1xf32>
  %5 = "tf.DivNoNan"(%3, %4) {device = ""} : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %6 = "tf.Square"(%5) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %7 = "tf.Sum"(%6, %cst_1) {device = "", keep_dims = true} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?x1xf32>
  %cst_2 = "tf.Const"() {value = dense<9.99999996E-13> : tensor<f32>} : () -> tensor<f32>
  %8 = "tf.Maximum"(%7, %cst_2) {device = ""} : (tensor<?x1xf32>, tensor<f32>) -> tensor<?x1xf32>
  %9 = "tf.Rsqrt"(%8) {device = ""} : (tensor<?x1xf32>) -> tensor<?x1xf32>
  %10 = "tf.Mul"(%5, %9) {device = ""} : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  func.return %10 : tensor<?x?xf32>
}
