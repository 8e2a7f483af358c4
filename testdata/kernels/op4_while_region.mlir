// tf.WhileRegion with block arguments and tf.Yield: the Collatz step count of n (a data-dependent 0 to 261
// iterations; n <= 1 runs none) with FloorMod/FloorDiv/SelectV2 in the body, and a counted fixed-point
// loop x = sqrt(x + c) whose condition and body capture n and c from the function.
func.func @test(%arg0: tensor<i32>, %arg1: tensor<?xf32>, %arg2: tensor<?xf32>, %arg3: tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<?xf32>) {
  %cst = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %0:2 = "tf.WhileRegion"(%arg0, %cst) ({
  ^bb0(%arg4: tensor<i32>, %arg5: tensor<i32>):
    %cst_1 = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
    %2 = "tf.Greater"(%arg4, %cst_1) {device = ""} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "tf.Yield"(%2) : (tensor<i1>) -> ()
  }, {
  ^bb0(%arg4: tensor<i32>, %arg5: tensor<i32>):
    %cst_1 = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
    %cst_2 = "tf.Const"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>
    %cst_3 = "tf.Const"() {value = dense<3> : tensor<i32>} : () -> tensor<i32>
    %2 = "tf.FloorMod"(%arg4, %cst_2) {device = ""} : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = "tf.Equal"(%2, %cst) {device = "", incompatible_shape_error = true} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %4 = "tf.FloorDiv"(%arg4, %cst_2) {device = ""} : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %5 = "tf.Mul"(%arg4, %cst_3) {device = ""} : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %6 = "tf.AddV2"(%5, %cst_1) {device = ""} : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %7 = "tf.SelectV2"(%3, %4, %6) {device = ""} : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %8 = "tf.AddV2"(%arg5, %cst_1) {device = ""} : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "tf.Yield"(%7, %8) : (tensor<i32>, tensor<i32>) -> ()
  }) {is_stateless = true, parallel_iterations = 10 : i64} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %1:2 = "tf.WhileRegion"(%cst, %arg1) ({
  ^bb0(%arg4: tensor<i32>, %arg5: tensor<?xf32>):
    %2 = "tf.Less"(%arg4, %arg3) {device = ""} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "tf.Yield"(%2) : (tensor<i1>) -> ()
  }, {
  ^bb0(%arg4: tensor<i32>, %arg5: tensor<?xf32>):
    %cst_1 = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
    %2 = "tf.AddV2"(%arg4, %cst_1) {device = ""} : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = "tf.AddV2"(%arg5, %arg2) {device = ""} : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %4 = "tf.Sqrt"(%3) {device = ""} : (tensor<?xf32>) -> tensor<?xf32>
    "tf.Yield"(%2, %4) : (tensor<i32>, tensor<?xf32>) -> ()
  }) {is_stateless = true, parallel_iterations = 10 : i64} : (tensor<i32>, tensor<?xf32>) -> (tensor<i32>, tensor<?xf32>)
  func.return %0#0, %0#1, %1#1 : tensor<i32>, tensor<i32>, tensor<?xf32>
}
