// A module with tf.versions, location aliases defined at the top, loc(...) trailers on ops, arguments,
// the function and the module, and comments between ops.
#loc1 = loc("x.py":3:4)
#loc2 = loc("x.py":4:10)
module attributes {tf.versions = {bad_consumers = [], min_consumer = 0 : i32, producer = 1 : i32}} {
  func.func @test(%arg0: tensor<?xf32> {tf._user_specified_name = "x"} loc("x"), %arg1: tensor<?xf32> {tf._user_specified_name = "y"} loc("y")) -> tensor<?xf32> attributes {tf.entry_function = {control_outputs = "", inputs = "x,y", outputs = "Identity"}} {
    // x * y, clipped to [0, 6]
    %0 = "tf.Mul"(%arg0, %arg1) {device = ""} : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32> loc(#loc1)
    %1 = "tf.Relu6"(%0) {device = ""} : (tensor<?xf32>) -> tensor<?xf32> loc(#loc2)
    // then modulo y (the sign follows y)
    %2 = "tf.FloorMod"(%1, %arg1) {device = ""} : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32> loc("model/floormod"("x.py":5:7))
    return %2 : tensor<?xf32> loc(#loc2)
  } loc(#loc1)
} loc(#loc1)
