// Range with start, limit and delta as value-constrained rank-0 arguments (the result's size depends on
// them; value specialization applies to integer operands): i32 and i64, up and down, sizes that round up,
// empty ranges, values near INT_MAX.
func.func @test(%arg0: tensor<i32> {rt.constraint = "value"}, %arg1: tensor<i32> {rt.constraint = "value"}, %arg2: tensor<i32> {rt.constraint = "value"}, %arg3: tensor<i64> {jitrt.constraint = "value"}, %arg4: tensor<i64> {jitrt.constraint = "value"}, %arg5: tensor<i64> {jitrt.constraint = "value"}) -> (tensor<?xi32>, tensor<?xi64>) {
  %0 = "tf.Range"(%arg0, %arg1, %arg2) {device = ""} : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
  %1 = "tf.Range"(%arg3, %arg4, %arg5) {device = ""} : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<?xi64>
  func.return %0, %1 : tensor<?xi32>, tensor<?xi64>
}
