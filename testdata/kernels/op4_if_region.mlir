// tf.IfRegion with tf.Yield, the branches using values from the enclosing function: a predicate
// argument picking x * y or x - y, and a data-dependent predicate Min(x) < 0 picking a row sum of |x| or of
// x * x (both branches yield the same type).
func.func @test(%arg0: tensor<i1>, %arg1: tensor<?x?xf32>, %arg2: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?xf32>) {
  %0 = "tf.IfRegion"(%arg0) ({
    %4 = "tf.Mul"(%arg1, %arg2) {device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    "tf.Yield"(%4) : (tensor<?x?xf32>) -> ()
  }, {
    %4 = "tf.Sub"(%arg1, %arg2) {device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    "tf.Yield"(%4) : (tensor<?x?xf32>) -> ()
  }) {is_stateless = true} : (tensor<i1>) -> tensor<?x?xf32>
  %cst = "tf.Const"() {value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tf.Min"(%arg1, %cst) {device = "", keep_dims = false} : (tensor<?x?xf32>, tensor<2xi32>) -> tensor<f32>
  %cst_0 = "tf.Const"() {value = dense<0.000000e+00> : tensor<f32>} : () -> tensor<f32>
  %2 = "tf.Less"(%1, %cst_0) {device = ""} : (tensor<f32>, tensor<f32>) -> tensor<i1>
  %cst_1 = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %3 = "tf.IfRegion"(%2) ({
    %4 = "tf.Abs"(%arg1) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
    %5 = "tf.Sum"(%4, %cst_1) {device = "", keep_dims = false} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
    "tf.Yield"(%5) : (tensor<?xf32>) -> ()
  }, {
    %4 = "tf.Square"(%arg1) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
    %5 = "tf.Sum"(%4, %cst_1) {device = "", keep_dims = false} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
    "tf.Yield"(%5) : (tensor<?xf32>) -> ()
  }) {is_stateless = true} : (tensor<i1>) -> tensor<?xf32>
  func.return %0, %3 : tensor<?x?xf32>, tensor<?xf32>
}
