func.func @loop(%arg0: tensor<i32>, %arg1: tensor<f32>) -> (tensor<i32>, tensor<f32>) {
  %limit = "tf.Const"() {value = dense<10> : tensor<i32>} : () -> tensor<i32>
  %0:2 = "tf.WhileRegion"(%arg0, %arg1) ({
  ^bb0(%i: tensor<i32>, %x: tensor<f32>):
    %c = "tf.Less"(%i, %limit) : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "tf.Yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%i: tensor<i32> loc("body.py":3:1), %x: tensor<f32>):
    %one = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
    %next = "tf.AddV2"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %y = "tf.Mul"(%x, %x) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "tf.Yield"(%next, %y) : (tensor<i32>, tensor<f32>) -> ()
  }) {is_stateless = true, parallel_iterations = 10 : i64} : (tensor<i32>, tensor<f32>) -> (tensor<i32>, tensor<f32>)
  return %0#0, %0#1 : tensor<i32>, tensor<f32>
}
