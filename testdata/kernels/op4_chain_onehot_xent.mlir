// Softmax cross-entropy from sparse labels as graphs spell it (OneHot, LogSoftmax, Mul, Sum, Neg, Mean) and
// the accuracy (ArgMax, Equal, Cast, Mean); logits up to +-1e4.
func.func @test(%arg0: tensor<?xi64>, %arg1: tensor<?x10xf32>) -> (tensor<?xf32>, tensor<f32>, tensor<f32>) {
  %cst = "tf.Const"() {value = dense<10> : tensor<i32>} : () -> tensor<i32>
  %cst_0 = "tf.Const"() {value = dense<1.000000e+00> : tensor<f32>} : () -> tensor<f32>
  %cst_1 = "tf.Const"() {value = dense<0.000000e+00> : tensor<f32>} : () -> tensor<f32>
  %0 = "tf.OneHot"(%arg0, %cst, %cst_0, %cst_1) {axis = -1 : i64, device = ""} : (tensor<?xi64>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<?x10xf32>
  %1 = "tf.LogSoftmax"(%arg1) {device = ""} : (tensor<?x10xf32>) -> tensor<?x10xf32>
  %2 = "tf.Mul"(%0, %1) {device = ""} : (tensor<?x10xf32>, tensor<?x10xf32>) -> tensor<?x10xf32>
  %cst_2 = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %3 = "tf.Sum"(%2, %cst_2) {device = "", keep_dims = false} : (tensor<?x10xf32>, tensor<1xi32>) -> tensor<?xf32>
  %4 = "tf.Neg"(%3) {device = ""} : (tensor<?xf32>) -> tensor<?xf32>
  %cst_3 = "tf.Const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %5 = "tf.Mean"(%4, %cst_3) {device = "", keep_dims = false} : (tensor<?xf32>, tensor<1xi32>) -> tensor<f32>
  %cst_4 = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %6 = "tf.ArgMax"(%arg1, %cst_4) {device = ""} : (tensor<?x10xf32>, tensor<i32>) -> tensor<?xi64>
  %7 = "tf.Equal"(%6, %arg0) {device = "", incompatible_shape_error = true} : (tensor<?xi64>, tensor<?xi64>) -> tensor<?xi1>
  %8 = "tf.Cast"(%7) {Truncate = false, device = ""} : (tensor<?xi1>) -> tensor<?xf32>
  %9 = "tf.Mean"(%8, %cst_3) {device = "", keep_dims = false} : (tensor<?xf32>, tensor<1xi32>) -> tensor<f32>
  func.return %4, %5, %9 : tensor<?xf32>, tensor<f32>, tensor<f32>
}
