// sandjit-test: rtol=0 atol=0
// ExpandDims at 0, at -1 (an i64 tensor<1xi64> dim) and in the middle of an i32 vector; Squeeze with
// explicit squeeze_dims (two dims, a negative dim) and of an ExpandDims result.
func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<?xi32>, %arg2: tensor<?x1x?x1xf32>) -> (tensor<1x?x?xf32>, tensor<?x?x1xf32>, tensor<?x1xi32>, tensor<?x?xf32>, tensor<?x1x?xf32>, tensor<?x?xf32>) {
  %cst = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.ExpandDims"(%arg0, %cst) {device = ""} : (tensor<?x?xf32>, tensor<i32>) -> tensor<1x?x?xf32>
  %cst_0 = "tf.Const"() {value = dense<-1> : tensor<1xi64>} : () -> tensor<1xi64>
  %1 = "tf.ExpandDims"(%arg0, %cst_0) {device = ""} : (tensor<?x?xf32>, tensor<1xi64>) -> tensor<?x?x1xf32>
  %cst_1 = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %2 = "tf.ExpandDims"(%arg1, %cst_1) {device = ""} : (tensor<?xi32>, tensor<i32>) -> tensor<?x1xi32>
  %3 = "tf.Squeeze"(%arg2) {device = "", squeeze_dims = [1, 3]} : (tensor<?x1x?x1xf32>) -> tensor<?x?xf32>
  %4 = "tf.Squeeze"(%arg2) {device = "", squeeze_dims = [-1]} : (tensor<?x1x?x1xf32>) -> tensor<?x1x?xf32>
  %5 = "tf.Squeeze"(%0) {device = "", squeeze_dims = [0 : i64]} : (tensor<1x?x?xf32>) -> tensor<?x?xf32>
  func.return %0, %1, %2, %3, %4, %5 : tensor<1x?x?xf32>, tensor<?x?x1xf32>, tensor<?x1xi32>, tensor<?x?xf32>, tensor<?x1x?xf32>, tensor<?x?xf32>
}
